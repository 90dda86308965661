import type { RatePoint } from "../../api/generated/RatePoint";
import { RateChart } from "./RateChart";

/** An account's own APY over the days a source read it, as a stepped line. */
export default function ApyHistoryChart({ name, history, source }: { name: string; history: readonly RatePoint[]; source: string }) {
  return <RateChart title={`${name}: APY over time`} series={[{ label: name, points: history.map((p) => [p.date, Number(p.apy)] as const) }]} source={source} stepped />;
}
