// The little of oidc-provider (v9 ships no types) that tests/support/openid-provider.ts uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: any[]) => void): this;
  }
}
