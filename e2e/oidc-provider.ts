// A real OpenID provider on 127.0.0.1 for the single sign-on tests: the certified `oidc-provider`
// package with its development login and consent screens (any login, any password). Each login
// name is an account whose email and name follow from it (see `person`).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export const OIDC_CLIENT = { id: "skillshelf-e2e", secret: "skillshelf-e2e-client-secret-0123456789" };

/** Who a login name stands for: "mallory" has an address outside the tests' allowed domain. */
export function person(login: string) {
  const domain = login === "mallory" ? "evil.test" : "example.com";
  return { email: `${login}@${domain}`, name: `${login[0].toUpperCase()}${login.slice(1)} from the provider` };
}

export async function startOidcProvider(port: number, redirectUri: string): Promise<{ issuer: string; close: () => Promise<void> }> {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    // Set, so that the provider does not print a notice per artifact about its defaults.
    ttl: { Session: 3600, Grant: 3600, Interaction: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    async findAccount(_ctx: unknown, sub: string) {
      return { accountId: sub, claims: async () => ({ sub, ...person(sub), email_verified: true }) };
    },
  });
  const handle = provider.callback();
  // The development screens ask for a favicon the provider does not have: a 404 in the console.
  const server: Server = createServer((request, response) => (request.url === "/favicon.ico" ? response.writeHead(204).end() : handle(request, response)));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  if (bound !== port) throw new Error(`the OpenID provider listens on ${bound}, not ${port}`);
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
