import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { qnaVote } from "../../api/client";
import { isSameSitePath } from "../../rules/links";
import { failureMessage, useMemberGate } from "./memberAction";

/** An item's votes as the server last gave them. */
interface Tally {
  upvote: number;
  downvote: number;
  my_vote?: number;
}

/**
 * Up and down votes on a question or an answer. A member's vote shows at once when the
 * server answers; while it is on its way the item is marked in progress and further
 * clicks wait (community §4). Voting the same way again sends nothing.
 */
export function QnaVotes({
  kind,
  id,
  tally,
  label,
  words,
}: {
  kind: "question" | "answer" | "review";
  id: number;
  tally: Tally;
  label: string;
  /** Shown words instead of arrows (a review's "Helpful" and "Not helpful"). */
  words?: { up: string; down: string };
}) {
  const navigate = useNavigate();
  const [voted, setVoted] = useState<Tally | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const gate = useMemberGate(setMessage);
  // Fresh figures from the server (a reload of the list) replace the last vote's.
  useEffect(() => setVoted(null), [tally.upvote, tally.downvote, tally.my_vote]);
  const shown = voted ?? tally;

  const vote = (value: "up" | "down") => {
    if (busy) return;
    setMessage(null);
    // A guest takes the vote to the sign-up (`answer:12:up`), and the e-mailed link casts it.
    if (!gate(`${kind}:${id}:${value}`)) return;
    if (shown.my_vote === (value === "up" ? 1 : -1)) return;
    setBusy(true);
    qnaVote(kind, id, value).then(
      (answer) => {
        setBusy(false);
        if (answer.guest) {
          const to = answer.redirect_url;
          if (to && isSameSitePath(to)) navigate(to);
          return;
        }
        if (answer.error) {
          setMessage(answer.message ?? "Your vote could not be saved.");
          return;
        }
        setVoted({ upvote: answer.upvote ?? shown.upvote, downvote: answer.downvote ?? shown.downvote, my_vote: answer.my_vote });
      },
      (error: unknown) => {
        setBusy(false);
        setMessage(failureMessage(error, "Your vote could not be saved. Please try again."));
      },
    );
  };

  return (
    <div className={`qna-votes${busy ? " qna-votes--busy" : ""}`} role="group" aria-label={`Votes on ${label}`} aria-busy={busy}>
      <button type="button" className="qna-votes__button" aria-pressed={shown.my_vote === 1} onClick={() => vote("up")}>
        {words ? `${words.up} ` : <><span aria-hidden="true">▲</span> <span className="visually-hidden">Vote up, </span></>}
        {words ? `(${shown.upvote})` : shown.upvote}
      </button>
      <button type="button" className="qna-votes__button" aria-pressed={shown.my_vote === -1} onClick={() => vote("down")}>
        {words ? `${words.down} ` : <><span aria-hidden="true">▼</span> <span className="visually-hidden">Vote down, </span></>}
        {words ? `(${shown.downvote})` : shown.downvote}
      </button>
      {busy && (
        <span className="qna-votes__progress" role="status">
          Saving your vote…
        </span>
      )}
      {message && (
        <p className="qna-votes__message" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
