/** Where the catalogue builder writes the FDIC's national rates for the pages: the series the
 * charts draw and the newest month's rate and rate cap (`latest`). Its own module, so the page
 * that shows the figures does not pull the chart in with it. */
export const NATIONAL_RATES_PATH = "/assets/data/national-rates.json";
