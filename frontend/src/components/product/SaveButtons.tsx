import { useSaved, useSavedStatus } from "../../stores/saved";
import "./product.css";

/**
 * Save or skip a product in this listing, kept for 15 days on this device. Un-saving moves
 * a product to skipped, and saving a skipped one takes it off the skipped list (site-core §4).
 */
export function SaveButtons({ group, offerId, name }: { group: string; offerId: string; name: string }) {
  const status = useSavedStatus(group, offerId);
  const save = useSaved((s) => s.save);
  const skip = useSaved((s) => s.skip);
  return (
    <div className="save-buttons" role="group" aria-label={`Keep ${name}`}>
      <button
        type="button"
        className="button button--secondary save-buttons__save"
        aria-pressed={status === "saved"}
        onClick={() => (status === "saved" ? skip(group, offerId, name) : save(group, offerId))}
      >
        {status === "saved" ? "Saved" : "Save"}
        <span className="visually-hidden"> {name}</span>
      </button>
      <button type="button" className="button button--secondary save-buttons__skip" aria-pressed={status === "skipped"} disabled={status === "skipped"} onClick={() => skip(group, offerId, name)}>
        {status === "skipped" ? "Skipped" : "Skip"}
        <span className="visually-hidden"> {name}</span>
      </button>
    </div>
  );
}
