import "./product.css";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { formError } from "../../pages/formErrors";
import { useFollows } from "../../stores/follows";
import { useSession } from "../../stores/session";

/** "Alert me when this changes": follows the product for rate alerts (a signed-in member),
 * or says where to sign in. Once followed it links to the alerts page. */
export function FollowButton({ offerId, name }: { offerId: string; name: string }) {
  const signedIn = useSession((s) => s.signedIn);
  const offers = useFollows((s) => s.offers);
  const load = useFollows((s) => s.load);
  const followOffer = useFollows((s) => s.followOffer);
  const reset = useFollows((s) => s.reset);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const alertsLink = useRef<HTMLAnchorElement>(null);
  const [moveFocus, setMoveFocus] = useState(false);
  useEffect(() => {
    if (signedIn) load();
    else reset();
  }, [signedIn, load, reset]);
  const followingNow = offers?.has(offerId) ?? false;
  useEffect(() => {
    if (moveFocus && followingNow) {
      alertsLink.current?.focus();
      setMoveFocus(false);
    }
  }, [moveFocus, followingNow]);

  if (!signedIn) {
    return (
      <p className="follow-button follow-button--guest">
        <Link to="/sign-in">Sign in</Link> to get an e-mail when {name} changes.
      </p>
    );
  }
  const following = followingNow;
  const click = async () => {
    if (busy) return;
    setBusy(true);
    try {
      setNote(await followOffer(offerId));
      setMoveFocus(true);
    } catch (err) {
      setNote(formError(err).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="follow-button">
      {following ? (
        <p>
          You get an e-mail when it changes.{" "}
          <Link to="/home/settings/alerts" ref={alertsLink}>
            Your alerts
          </Link>
        </p>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => void click()} disabled={busy || offers === null}>
          Alert me when this changes<span className="visually-hidden">: {name}</span>
        </button>
      )}
      {/* The server's answer is announced; the button's place keeps the focus on its link. */}
      <p className="form-note" role="status">
        {note}
      </p>
    </div>
  );
}
