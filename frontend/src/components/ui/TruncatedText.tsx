import { useId, useState } from "react";
import "./TruncatedText.css";

export interface TruncatedTextProps {
  text: string;
  /** Most words shown while collapsed. */
  limit: number;
  moreLabel?: string;
  lessLabel?: string;
  className?: string;
}

/** Keeps the first `limit` words (original spacing kept); `cut` says whether anything was dropped. */
function cutWords(text: string, limit: number): { text: string; cut: boolean } {
  const words = /\S+/g;
  let end = 0;
  let count = 0;
  for (let match = words.exec(text); match; match = words.exec(text)) {
    count += 1;
    if (count > limit) return { text: text.slice(0, end), cut: true };
    end = match.index + match[0].length;
  }
  return { text, cut: false };
}

/**
 * Text cut to a number of words, with a Show more / Show less button (site-core §4) that
 * reports its state in aria-expanded and names the text it controls.
 */
export function TruncatedText({
  text,
  limit,
  moreLabel = "Show more",
  lessLabel = "Show less",
  className,
}: TruncatedTextProps) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const short = cutWords(text, limit);

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
