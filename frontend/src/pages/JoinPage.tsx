import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { join } from "../api/client";
import { usePageMeta } from "../app/usePageMeta";
import { PasswordInput } from "../components/ui";
import { useSession } from "../stores/session";
import { FormError } from "./FormError";
import { useSubmit } from "./useSubmit";
import "./forms.css";

/** `/join`: a full member account with e-mail and password. */
export default function JoinPage() {
  usePageMeta("Join Plainrate", "Create a free Plainrate account to rate products and keep your choices.");
  const navigate = useNavigate();
  const refresh = useSession((s) => s.refresh);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [name, setName] = useState("");
  const { busy, error, submit } = useSubmit(async () => {
    await join({ email, password, name });
    refresh();
    navigate("/");
  });

  return (
    <div className="form-page">
      <h1>Join for free</h1>
      <p className="form-page__lead">Rate the products you use and keep your saved lists. No credit card needed.</p>
      <form className="form-card" onSubmit={submit} noValidate>
        <div className="form-field">
          <label htmlFor="join-email">E-mail</label>
          <input id="join-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={error?.field === "email"} />
        </div>
        <div className="form-field">
          <label htmlFor="join-password">Password (8 characters or more)</label>
          <PasswordInput id="join-password" autoComplete="new-password" value={password} onChange={setPassword} invalid={error?.field === "password"} />
        </div>
        <div className="form-field">
          <label htmlFor="join-name">Name (optional)</label>
          <input id="join-name" type="text" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={error?.field === "name"} />
        </div>
        <FormError error={error} />
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Creating your account…" : "Join for free"}
        </button>
        <p className="form-note">
          Already a member? <Link to="/sign-in">Sign in</Link>
        </p>
      </form>
    </div>
  );
}
