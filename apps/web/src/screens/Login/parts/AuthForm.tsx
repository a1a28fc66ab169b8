import type { ReactNode } from 'react';

/** The card form of the auth pages: Enter or the submit button runs `onSubmit`, never a page load. */
export function AuthForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="auth-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
