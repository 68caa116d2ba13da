import { z } from "zod";
import { idOf, nullableTimestamp, timestamp } from "@/lib/openapi/common";

// Documented response shapes of the account routes (serialize-account.ts and friends).

export const accountResponseSchema = z
  .object({
    id: idOf("acc"),
    name: z.string(),
    companyName: z.string().nullable(),
    email: z.email(),
    defaultFrom: z.string().nullable(),
    frequencyCap: z.object({ perDay: z.number().int().optional(), perWeek: z.number().int().optional() }).nullable().meta({
      description: "Most emails of non-transactional automations one contact gets a day and a week; one past it waits. null: no cap.",
    }),
    timezone: z
      .string()
      .nullable()
      .meta({ description: "IANA time zone for send windows read in the contact's zone when the contact has none; null is UTC." }),
    trackOpens: z.boolean(),
    trackClicks: z.boolean(),
    passwordSignIn: z.boolean(),
    emailConfirmedAt: nullableTimestamp,
    freeCreditsPending: z.number().int().meta({ description: "Free credits granted once the sign-up email is confirmed (0 after)." }),
    sandboxFrom: z.email().meta({
      description:
        "The sandbox sender: sends with no verified domain, to the account's own address, *.simulator.test addresses, and anyone while the dev-inbox transport is on.",
    }),
    localMode: z.boolean().meta({
      description:
        "Local mode: mail cannot leave this machine (the dev-inbox transport). The sandbox sender and the account's unverified domains may send to anyone, and every email lands in the dev inbox.",
    }),
    localModeWarning: z
      .string()
      .nullable()
      .meta({ description: "Set when a deploy marked production still has the dev-inbox transport: it delivers no mail." }),
    webhooksReachPrivate: z.boolean().meta({
      description:
        "Webhook URLs may point at loopback and private addresses: with WEBHOOK_ALLOW_PRIVATE=1, and in local mode unless APP_ENV=production.",
    }),
    createdAt: timestamp,
  })
  .meta({ id: "Account" });

export const changePasswordResponseSchema = z.object({ changed: z.literal(true), sessionsEnded: z.literal(true) });

export const resendConfirmationResponseSchema = z.object({ email: z.email(), sent: z.literal(true) });
