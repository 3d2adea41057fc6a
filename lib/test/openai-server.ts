import http from "node:http";
import type { AddressInfo } from "node:net";

// A local OpenAI-compatible provider for tests: an HTTP server on 127.0.0.1 that answers
// /v1/chat/completions the way OpenAI, vLLM or Ollama do, streamed as Server-Sent Events when the
// request asks for a stream and as one JSON completion otherwise. What it says is scripted per
// request by the test; every request body is kept for assertions.

export interface ChatRequestBody {
  model: string;
  stream?: boolean;
  messages: { role: string; content: unknown; tool_call_id?: string }[];
  tools?: { function: { name: string } }[];
}

export type ScriptedReply =
  | { kind: "tool"; name: string; args: Record<string, unknown>; usage?: Usage }
  | { kind: "text"; text: string; usage?: Usage }
  | { kind: "error"; status: number; message: string; type: string; headers?: Record<string, string> };

interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
}

export interface OpenAiServer {
  /** The base URL to configure as OPENAI_BASE_URL (…/v1). */
  baseUrl: string;
  requests: ChatRequestBody[];
  server: http.Server;
  close(): Promise<void>;
}

const DEFAULT_USAGE: Usage = { prompt_tokens: 100, completion_tokens: 10 };

function sse(res: http.ServerResponse, chunks: unknown[]) {
  res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
  for (const chunk of chunks) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
  res.end("data: [DONE]\n\n");
}

const chunk = (delta: object, finish: string | null = null) => ({
  id: "chatcmpl-1",
  object: "chat.completion.chunk",
  created: 1_700_000_000,
  model: "scripted",
  choices: [{ index: 0, delta, finish_reason: finish }],
});

function streamed(res: http.ServerResponse, reply: Exclude<ScriptedReply, { kind: "error" }>) {
  const u = reply.usage ?? DEFAULT_USAGE;
  const usage = { ...chunk({}), choices: [], usage: { ...u, total_tokens: u.prompt_tokens + u.completion_tokens } };
  if (reply.kind === "tool") {
    // The arguments arrive in pieces, as real providers send them.
    const args = JSON.stringify(reply.args);
    const half = Math.floor(args.length / 2);
    sse(res, [
      chunk({ role: "assistant", content: null, tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: reply.name, arguments: "" } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(0, half) } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(half) } }] }),
      chunk({}, "tool_calls"),
      usage,
    ]);
  } else {
    const half = Math.floor(reply.text.length / 2);
    sse(res, [chunk({ role: "assistant", content: reply.text.slice(0, half) }), chunk({ content: reply.text.slice(half) }), chunk({}, "stop"), usage]);
  }
}

function whole(res: http.ServerResponse, reply: Exclude<ScriptedReply, { kind: "error" }>) {
  const u = reply.usage ?? DEFAULT_USAGE;
  const message =
    reply.kind === "tool"
      ? {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "call_1", type: "function", function: { name: reply.name, arguments: JSON.stringify(reply.args) } }],
        }
      : { role: "assistant", content: reply.text };
  res.writeHead(200, { "Content-Type": "application/json" }).end(
    JSON.stringify({
      id: "chatcmpl-1",
      object: "chat.completion",
      created: 1_700_000_000,
      model: "scripted",
      choices: [{ index: 0, message, finish_reason: reply.kind === "tool" ? "tool_calls" : "stop" }],
      usage: { ...u, total_tokens: u.prompt_tokens + u.completion_tokens },
    }),
  );
}

/**
 * Starts the server; `reply` decides each answer from the request body (a promise holds the answer
 * back until it settles). Requests need `Authorization: Bearer <apiKey>`.
 */
export async function startOpenAiServer(reply: (body: ChatRequestBody) => ScriptedReply | Promise<ScriptedReply>, apiKey = "test-key"): Promise<OpenAiServer> {
  const requests: ChatRequestBody[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (data) => (raw += data));
    req.on("end", async () => {
      if (req.url !== "/v1/chat/completions" || req.headers.authorization !== `Bearer ${apiKey}`) return void res.writeHead(404).end();
      const body = JSON.parse(raw) as ChatRequestBody;
      requests.push(body);
      const answer = await reply(body);
      if (answer.kind === "error")
        return void res
          .writeHead(answer.status, { "Content-Type": "application/json", ...answer.headers })
          .end(JSON.stringify({ error: { message: answer.message, type: answer.type } }));
      if (body.stream) streamed(res, answer);
      else whole(res, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    server,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
