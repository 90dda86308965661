import { useId, useState } from "react";
import { startsCollapsed, truncateWords, wordLimit } from "../../rules/truncation";
import { useViewportWidth } from "./useViewportWidth";
import "./TruncatedText.css";

export interface TruncatedTextProps {
  text: string;
  /** Most words shown while collapsed; by default the viewport width's limit (`wordLimit`, site-core §9). */
  limit?: number;
  /**
   * Whether the block starts expanded; by default it starts collapsed at 768 px or narrower
   * and expanded wider (`startsCollapsed`).
   */
  initiallyExpanded?: boolean;
  moreLabel?: string;
  lessLabel?: string;
  className?: string;
}

/**
 * Text cut to a number of words, with a Show more / Show less button (site-core §4) that
 * reports its state in aria-expanded and names the text it controls. The limit follows the
 * viewport as it is resized; text within the limit shows whole, with no button.
 */
export function TruncatedText({
  text,
  limit,
  initiallyExpanded,
  moreLabel = "Show more",
  lessLabel = "Show less",
  className,
}: TruncatedTextProps) {
  const width = useViewportWidth();
  const [expanded, setExpanded] = useState(() => initiallyExpanded ?? !startsCollapsed(width));
  const id = useId();
  const short = truncateWords(text, limit ?? wordLimit(width));

  return (
    <div className={["truncated-text", className ?? ""].filter(Boolean).join(" ")}>
      <p id={id} className="truncated-text__body">
        {expanded || !short.cut ? text : `${short.text}…`}
      </p>
      {short.cut && (
        <button
          type="button"
          className="truncated-text__toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((was) => !was)}
        >
          {expanded ? lessLabel : moreLabel}
        </button>
      )}
    </div>
  );
}
