/**
 * A phone's width, at which the sticky header, the compare bar and what comes before a
 * listing's first product go compact (the stylesheets' `@media (max-width: 600px)`).
 */
export const COMPACT_MAX_WIDTH_PX = 600;
