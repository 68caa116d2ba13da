"use client";

import { useMemo, useState } from "react";
import Link from "next/link";
import type { EmailDetail } from "@/lib/hooks/use-emails";
import { useTemplate } from "@/lib/hooks/use-templates";
import { renderTemplate } from "@/lib/templates/render";
import { CopyButton } from "@/components/ui/copy-button";
import { SandboxedFrame } from "@/components/ui/sandboxed-frame";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs } from "@/components/ui/tabs";

type ContentTab = "html" | "text" | "headers";

/**
 * The email's own HTML and text. A template email stores only its template and variables (it
 * renders at send time), so its HTML is rendered here from the template as it is now.
 */
function useEmailHtml(email: EmailDetail) {
  const fromTemplate = email.html === null && email.template_id !== null;
  const template = useTemplate(email.template_id ?? "", { enabled: fromTemplate });
  const rendered = useMemo(() => {
    if (!fromTemplate || !template.data) return null;
    try {
      const variables = (email.variables ?? {}) as Record<string, unknown>;
      return renderTemplate({ subject: template.data.subject, html: template.data.htmlBody }, variables).html;
    } catch {
      return null;
    }
  }, [fromTemplate, template.data, email.variables]);
  return {
    html: email.html ?? rendered,
    loading: fromTemplate && template.isPending,
    templateName: fromTemplate ? template.data?.name : undefined,
  };
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="rounded-lg border border-dashed border-zinc-200 px-4 py-8 text-center text-[13px] text-zinc-500">{children}</p>;
}

export function EmailContent({ email }: { email: EmailDetail }) {
  const [tab, setTab] = useState<ContentTab>("html");
  const { html, loading, templateName } = useEmailHtml(email);
  const headers = Object.entries((email.headers ?? {}) as Record<string, string>);

  const copyValue = tab === "html" ? html : tab === "text" ? email.text : null;
  return (
    <Tabs
      label="Email content"
      value={tab}
      onValueChange={setTab}
      items={[
        { value: "html", label: "HTML" },
        { value: "text", label: "Plain text" },
        { value: "headers", label: `Headers${headers.length ? ` (${headers.length})` : ""}` },
      ]}
      actions={copyValue ? <CopyButton value={copyValue} label={tab === "html" ? "Copy HTML" : "Copy text"} variant="ghost" /> : null}
    >
      {tab === "html" &&
        (loading ? (
          <Skeleton className="h-[520px] w-full rounded-lg" />
        ) : html ? (
          <div className="space-y-2">
            {templateName && email.template_id && (
              <p className="text-xs text-zinc-500">
                Rendered from the template{" "}
                <Link href={`/templates/${email.template_id}`} className="font-medium text-brand-600 hover:underline">
                  {templateName}
                </Link>{" "}
                with this email&apos;s variables, as the template reads now.
              </p>
            )}
            <div className="overflow-hidden rounded-lg border border-zinc-200">
              <SandboxedFrame title="Email HTML" html={html} width={640} height={520} fitNarrowBox />
            </div>
          </div>
        ) : (
          <Empty>
            {email.text ? "This email has only a plain-text part." : "No HTML stored for this email (its template was deleted)."}
          </Empty>
        ))}
      {tab === "text" &&
        (email.text ? (
          <pre className="max-h-[520px] overflow-auto rounded-lg border border-zinc-200 bg-zinc-50 p-4 font-mono text-[13px] leading-6 whitespace-pre-wrap text-zinc-800">
            {email.text}
          </pre>
        ) : (
          <Empty>No plain-text part. Mail clients that cannot show HTML display a text version they derive themselves.</Empty>
        ))}
      {tab === "headers" &&
        (headers.length ? (
          <dl className="divide-y divide-zinc-100 overflow-hidden rounded-lg border border-zinc-200 font-mono text-[13px]">
            {headers.map(([name, value]) => (
              <div key={name} className="grid grid-cols-[minmax(0,1fr)_minmax(0,2fr)] gap-4 px-4 py-2.5">
                <dt className="truncate text-zinc-500">{name}</dt>
                <dd className="break-all text-zinc-800">{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <Empty>
            No custom headers. Mailwright adds From, To, Subject, Date, Message-ID and the DKIM-Signature when it builds the message; see
            them in the raw source in the dev inbox.
          </Empty>
        ))}
    </Tabs>
  );
}
