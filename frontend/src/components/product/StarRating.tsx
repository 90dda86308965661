import type { StarPiece } from "../../api/generated/StarPiece";
import "./StarRating.css";

const PIECE_LABEL: Record<StarPiece, string> = {
  full: "full",
  threeQuarter: "three quarters",
  half: "half",
  quarter: "quarter",
  empty: "empty",
};

/** Five stars drawn from pieces (full, ¾, ½, ¼, empty), the rating's one-decimal text and
 * optionally its bar (20 % per point). The pieces come from the server or rules/stars. */
export function StarRating({
  pieces,
  text,
  barWidthPercent,
  label = "Rating",
  size = "medium",
}: {
  pieces: readonly StarPiece[];
  text: string;
  barWidthPercent?: string;
  label?: string;
  size?: "small" | "medium" | "large";
}) {
  return (
    <span className={`stars stars--${size}`}>
      <span className="stars__icons" role="img" aria-label={`${label}: ${text} out of 5`}>
        {pieces.map((piece, i) => (
          <span key={i} className={`star star--${piece}`} data-piece={piece} title={PIECE_LABEL[piece]} aria-hidden="true" />
        ))}
      </span>
      <span className="stars__text" aria-hidden="true">
        {text}
      </span>
      {barWidthPercent !== undefined && (
        <span className="stars__bar" aria-hidden="true">
          <span className="stars__bar-fill" ref={(el) => el?.style.setProperty("width", `${barWidthPercent}%`)} />
        </span>
      )}
    </span>
  );
}
