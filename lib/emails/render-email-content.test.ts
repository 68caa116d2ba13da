import { describe, expect, it } from "vitest";
import { BroadcastContentGoneError, keepsRenderedBody, renderEmailContent } from "./render-email-content";

const layout = { headerText: "Acme", logoUrl: null, footerText: null, address: null, brandColor: "#112233", font: "system" };
const member = {
  subject: "Hi Ann",
  html: null,
  text: null,
  broadcastId: "bc_1",
  templateId: null,
  variables: { name: "Ann {{company}}", company: "Acme", unsubscribe_url: "https://x.test/u/t" },
};

describe("renderEmailContent for a broadcast member's email", () => {
  it("renders the broadcast's body with the member's variables in the layout, under the subject stored", () => {
    const out = renderEmailContent(member, null, { html: "<p>Hello {{name}}</p>", text: "Hello {{name}}", layout });
    expect(out.subject).toBe("Hi Ann");
    expect(out.html).toContain("<p>Hello Ann {{company}}</p>");
    expect(out.html).toContain("border-top:4px solid #112233");
    expect(out.html).toContain('href="https://x.test/u/t"');
    expect(out.text).toBe("Hello Ann {{company}}");
  });

  it("sends a rendering already stored as it is, never reading the member's values as tags", () => {
    const kept = { ...member, html: "<p>Hello Ann {{company}}</p>", text: null };
    expect(renderEmailContent(kept, null, { html: "<p>changed</p>", text: null, layout: null })).toEqual({
      subject: "Hi Ann",
      html: "<p>Hello Ann {{company}}</p>",
      text: null,
    });
    expect(keepsRenderedBody(kept)).toBe(false);
    expect(keepsRenderedBody(member)).toBe(true);
  });

  it("throws when the broadcast's body is gone, and leaves a body-less text-only broadcast's html empty", () => {
    expect(() => renderEmailContent(member, null, null)).toThrow(BroadcastContentGoneError);
    expect(renderEmailContent(member, null, { html: "", text: "Hi {{name}}", layout })).toMatchObject({
      html: null,
      text: "Hi Ann {{company}}",
    });
  });
});

describe("renderEmailContent for a template's email", () => {
  const template = { subject: "Hi {{name}}", htmlBody: "<p>Hello {{name}}</p>" };
  const email = {
    subject: "",
    html: null,
    text: null,
    broadcastId: null,
    templateId: "tpl_1",
    variables: { name: "Ann {{company}}", company: "Acme" },
  };

  it("renders the template with the variables, a value's braces staying text", () => {
    expect(renderEmailContent(email, template)).toEqual({
      subject: "Hi Ann {{company}}",
      html: "<p>Hello Ann {{company}}</p>",
      text: null,
    });
  });

  it("sends the rendering kept by its first attempt as stored on a retry, not rendered again", () => {
    const kept = { ...email, subject: "Hi Ann {{company}}", html: "<p>Hello Ann {{company}}</p>" };
    expect(renderEmailContent(kept, template)).toEqual({ subject: "Hi Ann {{company}}", html: "<p>Hello Ann {{company}}</p>", text: null });
  });

  it("still renders an inline body with its variables at every attempt", () => {
    const inline = { ...email, templateId: null, subject: "Hi {{name}}", html: "<p>{{company}}</p>" };
    expect(renderEmailContent(inline, null)).toEqual({ subject: "Hi Ann {{company}}", html: "<p>Acme</p>", text: null });
  });
});
