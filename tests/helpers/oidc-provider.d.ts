// The few parts of oidc-provider (no bundled types) the single sign-on test uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface AccountClaims {
    accountId: string;
    claims: () => Promise<Record<string, unknown>>;
  }

  export default class Provider {
    constructor(
      issuer: string,
      configuration: {
        clients: Record<string, unknown>[];
        findAccount: (ctx: unknown, id: string) => Promise<AccountClaims | undefined>;
        claims?: Record<string, string[]>;
        cookies?: { keys: string[] };
        conformIdTokenClaims?: boolean;
      },
    );
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
