import type { ReactNode } from "react";

interface SettingsSectionProps {
  /** The anchor (/settings#credits) and the heading's id. */
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** One part of the settings page: a heading and what belongs under it. Add one per area. */
export function SettingsSection({ id, title, description, children }: SettingsSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-8 border-t border-zinc-200 pt-8 first:border-t-0 first:pt-0">
      <div className="mb-5">
        <h2 id={`${id}-title`} className="text-base font-semibold tracking-tight text-zinc-900">
          {title}
        </h2>
        {description && <p className="mt-1 max-w-2xl text-sm text-zinc-500">{description}</p>}
      </div>
      {children}
    </section>
  );
}
