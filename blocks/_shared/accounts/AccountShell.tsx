// The frame of every self-service page: title, the account navigation, and what signed-out readers
// get (the login modal and a prompt) or readers whose session is still unknown (a placeholder).
import type { ReactNode } from "react";
import { AccountNav, accountStyles as styles, LoadingPanel, SignInPrompt, useSignInModal } from "./AccountUi";
import type { SessionState } from "./session";

export function AccountShell({
  title,
  path,
  session,
  signInText,
  children,
}: {
  title: string;
  path: string;
  session: SessionState;
  signInText: string;
  /** Rendered only for a signed-in reader. */
  children: () => ReactNode;
}) {
  useSignInModal(session);
  return (
    <section className={`${styles.page} ${styles.wide}`}>
      <h1 className={styles.title}>{title}</h1>
      <AccountNav path={path} />
      {session.loggedIn === null ? <LoadingPanel /> : session.loggedIn ? children() : <SignInPrompt text={signInText} />}
    </section>
  );
}
