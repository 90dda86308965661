import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { changeEmail, changePassword, deleteAccount } from "../api/client";
import { usePageMeta } from "../app/usePageMeta";
import { PasswordInput } from "../components/ui";
import { useSession } from "../stores/session";
import { FormError } from "./FormError";
import { useSubmit } from "./useSubmit";
import "./forms.css";

/** A form's success line, announced when it appears. */
function Done({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-success" role="status">
      {message}
    </p>
  );
}

function PasswordForm() {
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, submit } = useSubmit(async () => {
    setDone(null);
    setDone((await changePassword({ current, password })).message);
    setCurrent("");
    setPassword("");
  });
  return (
    <form className="form-card" onSubmit={submit} noValidate aria-labelledby="account-password">
      <h2 id="account-password">Password</h2>
      <div className="form-field">
        <label htmlFor="account-current">Current password</label>
        <PasswordInput id="account-current" autoComplete="current-password" value={current} onChange={setCurrent} invalid={error?.field === "current"} />
        <p className="form-note">Signed in with an e-mailed link and never set one? Leave it empty.</p>
      </div>
      <div className="form-field">
        <label htmlFor="account-new-password">New password</label>
        <PasswordInput id="account-new-password" autoComplete="new-password" value={password} onChange={setPassword} invalid={error?.field === "password"} />
        <p className="form-note">At least 8 characters. Every other device you are signed in on is signed out.</p>
      </div>
      <FormError error={error} />
      <Done message={done} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Saving…" : "Change my password"}
      </button>
    </form>
  );
}

function EmailForm() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, submit } = useSubmit(async () => {
    setDone(null);
    setDone((await changeEmail({ email, password })).message);
    setPassword("");
  });
  return (
    <form className="form-card" onSubmit={submit} noValidate aria-labelledby="account-email">
      <h2 id="account-email">E-mail address</h2>
      <div className="form-field">
        <label htmlFor="account-new-email">New e-mail address</label>
        <input id="account-new-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={error?.field === "email"} />
        <p className="form-note">We e-mail a link to the new address. Your account moves there when you follow it, within 48 hours.</p>
      </div>
      <div className="form-field">
        <label htmlFor="account-email-password">Password</label>
        <PasswordInput id="account-email-password" autoComplete="current-password" value={password} onChange={setPassword} invalid={error?.field === "password"} />
      </div>
      <FormError error={error} />
      <Done message={done} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Sending…" : "Send the link"}
      </button>
    </form>
  );
}

function DeleteForm() {
  const navigate = useNavigate();
  const refresh = useSession((s) => s.refresh);
  const [password, setPassword] = useState("");
  const [sure, setSure] = useState(false);
  const { busy, error, submit } = useSubmit(async () => {
    await deleteAccount(password);
    refresh();
    navigate("/");
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (sure) void submit();
  };
  return (
    <form className="form-card" onSubmit={onSubmit} noValidate aria-labelledby="account-delete">
      <h2 id="account-delete">Delete your account</h2>
      <p>
        Your e-mail address, password, name and picture are removed and you are signed out everywhere. The questions, answers, reviews and ratings you
        wrote stay on the site, shown as by &ldquo;a former member&rdquo;, so that the conversations and the counts others read stay whole.
      </p>
      <div className="form-field">
        <label htmlFor="account-delete-password">Password</label>
        <PasswordInput id="account-delete-password" autoComplete="current-password" value={password} onChange={setPassword} invalid={error?.field === "password"} />
      </div>
      <label className="form-check">
        <input type="checkbox" checked={sure} onChange={(e) => setSure(e.target.checked)} /> I understand that this cannot be undone.
      </label>
      <FormError error={error} />
      <button type="submit" className="button button--danger" disabled={busy || !sure}>
        {busy ? "Deleting…" : "Delete my account"}
      </button>
    </form>
  );
}

/** `/home/settings/account`: the member's password, e-mail address and the account itself. */
export default function AccountPage() {
  usePageMeta("Your account", "Change your password or e-mail address, or delete your account.");
  const signedIn = useSession((s) => s.signedIn);
  return (
    <div className="form-page">
      <h1>Your account</h1>
      {signedIn ? (
        <div className="form-stack">
          <p className="form-page__lead">
            <Link to="/home/settings/alerts">Rate alerts</Link> · <Link to="/home/settings/private-info">Your privacy choices</Link>
          </p>
          <PasswordForm />
          <EmailForm />
          <DeleteForm />
        </div>
      ) : (
        <div className="form-card">
          <p>
            <Link to="/sign-in">Sign in</Link> to change your account.
          </p>
        </div>
      )}
    </div>
  );
}
