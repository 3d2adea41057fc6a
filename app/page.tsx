import { redirect } from "next/navigation";
import { getViewer } from "@/lib/data/session";

export default async function Home() {
  redirect((await getViewer()) ? "/skills" : "/sign-in");
}
