// The OpenID provider the sign-in tests run as Google or Apple; it ships no types of its own.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  export interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    token_endpoint_auth_method?: string;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
