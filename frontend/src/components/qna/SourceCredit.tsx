import type { Attribution } from "../../api/generated/Attribution";
import { formatDate } from "../ui/dates";
import { NewTabLink } from "../ui/NewTabLink";

/** Where a question or an answer taken from a public source comes from: the source and its
 * licence, linked, and what the source does not record. Such text names no person and no
 * date, because the source gives none. */
export function SourceCredit({ source, className, category }: { source: Attribution; className?: string; category?: string }) {
  return (
    <p className={className ? `qna-source ${className}` : "qna-source"}>
      From{" "}
      <NewTabLink href={source.source_url} rel="nofollow noopener">
        {source.source}
      </NewTabLink>
      , licensed{" "}
      <NewTabLink href={source.licence_url} rel="license noopener">
        {source.licence}
      </NewTabLink>
      . {source.note}
      {category ? ` In ${category}.` : ""}
    </p>
  );
}

/** The line under a question: who asked it and when, or its source. */
export function AskedBy({ question, category }: { question: { source?: Attribution; asker_login: string; date: string }; category?: string }) {
  const where = category ? ` in ${category}` : "";
  if (question.source) return <SourceCredit source={question.source} className="qna-question__meta" category={category} />;
  return (
    <p className="qna-question__meta">
      Asked by @{question.asker_login} on <time dateTime={question.date}>{formatDate(question.date)}</time>
      {where}
    </p>
  );
}
