import type { ComponentType } from "react";
import type { OnboardingStepId } from "@/lib/ui/onboarding-steps";
import { GlobeIcon, KeyIcon, MailIcon, SendIcon, WebhookIcon, type IconProps } from "@/components/ui/icons";
import { ChartIcon } from "./dashboard-icons";
import { UsersIcon } from "@/components/contacts/contact-icons";
import { WorkflowIcon } from "@/components/automations/automation-icons";

/** Each first step's icon, the same as its page's in the navigation. */
export const ONBOARDING_STEP_ICONS: Record<OnboardingStepId, ComponentType<IconProps>> = {
  contacts: UsersIcon,
  automation: WorkflowIcon,
  broadcast: SendIcon,
  opens: ChartIcon,
  "api-key": KeyIcon,
  curl: MailIcon,
  domain: GlobeIcon,
  webhook: WebhookIcon,
};
