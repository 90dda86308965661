import type { Provenance } from "../../api/generated/Provenance";
import "./product.css";
import { NewTabLink } from "../ui/NewTabLink";
import { formatDate } from "../ui/dates";

/** One line naming where a product's figures come from and how current they are. */
export function provenanceText(p: Provenance): string {
  const parts: string[] = [];
  parts.push(p.source ? `Source: ${p.source}` : "Source: editorial data");
  if (p.asOf) parts.push(`as of ${formatDate(p.asOf)}`);
  if (p.illustrative) parts.push("illustrative terms, not a real offer");
  return parts.join(", ");
}

/** The details row under a product: source (linked when known) and as-of date. */
export function ProvenanceRow({ provenance }: { provenance: Provenance }) {
  return (
    <p className="provenance">
      {provenance.sources.length > 1 ? (
        <>
          Sources:{" "}
          {provenance.sources.map((source, i) => (
            <span key={source.name}>
              {i > 0 && (i === provenance.sources.length - 1 ? " and " : ", ")}
              {source.url ? (
                <NewTabLink href={source.url} rel="noopener noreferrer">
                  {source.name}
                </NewTabLink>
              ) : (
                source.name
              )}
            </span>
          ))}
        </>
      ) : provenance.source ? (
        <>
          Source:{" "}
          {provenance.sourceUrl ? (
            <NewTabLink href={provenance.sourceUrl} rel="noopener noreferrer">
              {provenance.source}
            </NewTabLink>
          ) : (
            provenance.source
          )}
        </>
      ) : (
        "Source: editorial data"
      )}
      {provenance.asOf && <>, as of <time dateTime={provenance.asOf}>{formatDate(provenance.asOf)}</time></>}
      .{provenance.illustrative && <> Illustrative terms, not a real offer.</>}
      {provenance.editorialFields.length > 0 && <> Ratings and notes are our own.</>}
    </p>
  );
}
