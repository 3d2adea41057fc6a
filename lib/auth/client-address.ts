// The rule lives in client-address.mjs, plain JavaScript that the production server
// (server/serve.mjs) runs as well; the app imports it from here.
export * from "./client-address.mjs";
