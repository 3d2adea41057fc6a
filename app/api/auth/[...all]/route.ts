import { toNextJsHandler } from "better-auth/next-js";
import { auth } from "@/lib/auth/server";
import { guardAuthHandler } from "@/lib/http/auth-route";

const { GET, POST } = toNextJsHandler(auth);
const guardedGet = guardAuthHandler(GET);
const guardedPost = guardAuthHandler(POST);
export { guardedGet as GET, guardedPost as POST };
