import { redirect } from "next/navigation";
import { getPageSession } from "@/lib/auth/session";

// "/" has no page of its own: the dashboard for a signed-in user, the login form otherwise.
export default async function RootPage() {
  const session = await getPageSession();
  redirect(session ? "/dashboard" : "/login");
}
