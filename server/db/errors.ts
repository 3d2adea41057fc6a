// Apart from migrator.ts, so that runScript (and with it `npm start`'s quick path) can recognise
// this error without loading the Wasm schema engine.
export class DatabaseBusyError extends Error {
  name = "DatabaseBusyError";
}
