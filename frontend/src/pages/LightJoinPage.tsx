import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { joinLight } from "../api/client";
import { usePageMeta } from "../app/usePageMeta";
import { FormError } from "./FormError";
import { useSubmit } from "./useSubmit";
import "./forms.css";

/** `/join/light?ref=…`: e-mail only; we send a one-time sign-in link that returns to `ref`.
 * Guests who try to rate land here. */
export default function LightJoinPage() {
  usePageMeta("Sign in with your e-mail", "Get a one-time sign-in link by e-mail to rate products on Plainrate.");
  const [params] = useSearchParams();
  const ref = params.get("ref") ?? "/";
  // The rating, or the up or down vote, chosen before signing up: the e-mailed link counts it.
  const vote = params.get("vote") ?? undefined;
  const what = vote && !/^(product|institution):/.test(vote) ? "vote" : "rating";
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const { busy, error, submit } = useSubmit(async () => {
    const answer = await joinLight(vote ? { email, ref, vote } : { email, ref });
    setSent(answer.message);
  });

  return (
    <div className="form-page">
      <h1>{what === "vote" ? "Vote with your e-mail" : "Rate with your e-mail"}</h1>
      <p className="form-page__lead">
        To count your {what}, we need to know you are a person. Enter your e-mail and we will send you a link that signs you in and brings you back
        {vote ? `, with your ${what} counted.` : "."}
      </p>
      {sent ? (
        <div className="form-card">
          <p className="form-success" role="status">
            {sent}
          </p>
          <p className="form-note">The link works once, within 10 minutes.</p>
        </div>
      ) : (
        <form className="form-card" onSubmit={submit} noValidate>
          <div className="form-field">
            <label htmlFor="light-email">E-mail</label>
            <input id="light-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={error?.field === "email"} />
          </div>
          <FormError error={error} />
          <button type="submit" className="button" disabled={busy}>
            {busy ? "Sending…" : "Send me a sign-in link"}
          </button>
          <p className="form-note">
            Prefer a password? <Link to="/join">Join</Link> or <Link to="/sign-in">sign in</Link>.
          </p>
        </form>
      )}
    </div>
  );
}
