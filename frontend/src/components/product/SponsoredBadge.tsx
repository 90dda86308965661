import "./product.css";
import { Tooltip } from "../ui";

/** The label every paid placement carries, with what it means on hover or focus. */
export function SponsoredBadge() {
  return (
    <Tooltip content="A company paid for this place at the top of the list. Our ranking is not for sale: switch on “Order with no sponsorship” to see the list without it.">
      <button type="button" className="badge badge--sponsored">
        Sponsored
      </button>
    </Tooltip>
  );
}
