import { useEffect, useState } from "react";
import { RateChart, type RateSeries } from "./RateChart";
import { NATIONAL_RATES_PATH } from "./nationalRatesPath";

/** The chart data the catalogue builder writes from the FDIC's national rates. */
export interface NationalRates {
  title: string;
  source: string;
  series: { label: string; productType: string; points: [string, string][] }[];
}

export { NATIONAL_RATES_PATH };

/** The national rates' chart data once loaded; "failed" when it cannot be. */
export function useNationalRates(): NationalRates | "failed" | null {
  const [data, setData] = useState<NationalRates | "failed" | null>(null);
  useEffect(() => {
    let live = true;
    fetch(NATIONAL_RATES_PATH)
      .then((r): Promise<NationalRates | "failed"> => (r.ok ? (r.json() as Promise<NationalRates>) : Promise.resolve("failed")))
      .then((d) => live && setData(d))
      .catch(() => live && setData("failed"));
    return () => {
      live = false;
    };
  }, []);
  return data;
}

/**
 * The national average rates over time of the given product types (a banking page's),
 * from the FDIC via FRED. Loads its data after the page; draws nothing if it cannot.
 */
export default function NationalRatesChart({ productTypes }: { productTypes: readonly string[] }) {
  const data = useNationalRates();
  if (data === "failed") return null;
  if (!data) return <div className="rate-chart rate-chart--waiting" aria-hidden="true" />;
  const series: RateSeries[] = data.series
    .filter((s) => productTypes.includes(s.productType))
    .map((s) => ({ label: s.label, points: s.points.map(([d, v]) => [d, Number(v)] as const) }));
  if (series.length === 0) return null;
  return <RateChart title={`${data.title}: ${series.map((s) => s.label).join(", ")}`} series={series} source={data.source} />;
}
