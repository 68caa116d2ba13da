import { SignOutButton } from "./sign-out-button";

/** The signed-in user's email and the sign-out button, at the foot of the sidebar and the phone menu. */
export function AccountMenu({ email }: { email: string }) {
  return (
    <div className="flex items-center gap-2.5">
      <span
        aria-hidden="true"
        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700 uppercase"
      >
        {email.charAt(0)}
      </span>
      <p className="min-w-0 flex-1 truncate text-[13px] text-zinc-700" title={email}>
        <span className="sr-only">Signed in as </span>
        {email}
      </p>
      <SignOutButton />
    </div>
  );
}
