// What a new template starts from: a table layout that renders the same in every mail client,
// using the three kinds of variable a first-time user should see.
export const STARTER_SUBJECT = "Welcome to {{company}}, {{name}}";

/** Sample values for the starter's variables, so its first preview reads as a real email. */
export const STARTER_SAMPLE_DATA: Record<string, string> = {
  name: "Ada",
  company: "Acme",
  action_url: "https://example.com/get-started",
};

export const STARTER_HTML = `<!doctype html>
<html>
  <body style="margin:0;padding:0;background:#f4f4f5;">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;">
      <tr>
        <td align="center" style="padding:40px 16px;">
          <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;">
            <tr>
              <td style="padding:40px;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#18181b;">
                <h1 style="margin:0 0 16px;font-size:22px;line-height:30px;">Welcome aboard, {{name}}!</h1>
                <p style="margin:0 0 24px;font-size:15px;line-height:24px;color:#3f3f46;">
                  Thanks for signing up for {{company}}. Your account is ready: here is where to start.
                </p>
                <a href="{{action_url}}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#18181b;color:#ffffff;font-size:14px;font-weight:600;text-decoration:none;">
                  Open your dashboard
                </a>
                <p style="margin:32px 0 0;font-size:13px;line-height:20px;color:#71717a;">
                  You are receiving this email because you created an account with {{company}}.
                </p>
              </td>
            </tr>
          </table>
        </td>
      </tr>
    </table>
  </body>
</html>
`;
