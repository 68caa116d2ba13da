import { SignInRedirect } from "@/components/auth/sign-in-redirect";
import type { Metadata } from "next";
import { getPageSession } from "@/lib/auth/session";
import { getStartedProgress } from "@/lib/ui/get-started-progress";
import { onboardingPaths } from "@/lib/ui/onboarding-steps";
import { overviewValuesFromSearch } from "@/lib/ui/analytics-range";
import { OverviewView } from "@/components/analytics/overview-view";

export const metadata: Metadata = { title: "Overview" };

// The checklist's state is read on the server, like the "Get started" page; the numbers come
// from the analytics API in the browser, per filter.
export default async function OverviewPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await getPageSession();
  if (!session) return <SignInRedirect />;
  const progress = await getStartedProgress(session.accountId);
  const { values, interval } = overviewValuesFromSearch(await searchParams);
  return (
    <OverviewView
      getStarted={{ hasEmail: progress.hasEmail, paths: onboardingPaths(progress) }}
      initialValues={values}
      initialInterval={interval}
    />
  );
}
