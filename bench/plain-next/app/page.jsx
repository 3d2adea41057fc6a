import { headers } from "next/headers";

// Reads the request's headers, so Next renders it on every request, as it does /sign-in.
export default async function Page() {
  const agent = (await headers()).get("user-agent");
  return (
    <main>
      <h1>Sign in</h1>
      <p>{agent ? "Welcome back." : "Welcome."}</p>
      <form>
        <input name="email" type="email" aria-label="Email" />
        <input name="password" type="password" aria-label="Password" />
        <button type="submit">Sign in</button>
      </form>
    </main>
  );
}
