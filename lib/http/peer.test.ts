import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, expect, it } from "vitest";
import { PEER_HEADER } from "@/lib/auth/client-address";
import { stampPeerAddress } from "./peer";

const server = http.createServer((req, res) => res.end(String(req.headers[PEER_HEADER])));
afterAll(() => new Promise((resolve) => server.close(resolve)));

it("stamps each request with the socket's address, replacing one a client forged", async () => {
  stampPeerAddress();
  stampPeerAddress(); // installing twice must not wrap twice
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { [PEER_HEADER]: "6.6.6.6", "x-forwarded-for": "6.6.6.6" } });
  expect(await response.text()).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
});
