import { z } from "zod";
import { addTemplateSourceIssues, TEMPLATE_SUBJECT_MAX } from "@/lib/templates/schemas";

// A broadcast's subject A/B test. The broadcast's own subject (or its template's) is variant A;
// `subjects` are B, C, ... The test group, sharePercent of the audience, is split evenly between
// the variants; after waitMinutes the variant with the best rate of the metric (unique opens or
// clicks per delivered email; a tie goes to the earlier variant) goes to everyone else. Pure, so
// the dashboard's form validates with it too.

export const AB_TEST_MAX_SUBJECTS = 4;
export const AB_TEST_MIN_SHARE = 10;
export const AB_TEST_MAX_SHARE = 50;
export const AB_TEST_MAX_WAIT_MINUTES = 7 * 24 * 60;
export const AB_TEST_METRICS = ["opens", "clicks"] as const;

export const abTestSchema = z
  .object({
    subjects: z
      .array(
        z
          .string({ message: "abTest.subjects must be strings" })
          .trim()
          .min(1, "abTest.subjects must not be empty")
          .max(TEMPLATE_SUBJECT_MAX, `abTest.subjects must be at most ${TEMPLATE_SUBJECT_MAX} characters`)
          .superRefine(addTemplateSourceIssues),
        { message: "abTest.subjects must be an array of subjects" },
      )
      .min(1, "abTest.subjects needs at least 1 subject beside the broadcast's own")
      .max(AB_TEST_MAX_SUBJECTS, `abTest.subjects takes at most ${AB_TEST_MAX_SUBJECTS} subjects beside the broadcast's own`)
      .meta({ description: "The variants beside the broadcast's own subject (variant A): B, C, ... in this order." }),
    sharePercent: z
      .number({ message: "abTest.sharePercent must be a number" })
      .int("abTest.sharePercent must be a whole number")
      .min(AB_TEST_MIN_SHARE, `abTest.sharePercent must be at least ${AB_TEST_MIN_SHARE}`)
      .max(AB_TEST_MAX_SHARE, `abTest.sharePercent must be at most ${AB_TEST_MAX_SHARE}`)
      .meta({ description: "The test group's share of the audience, split evenly between the variants." }),
    metric: z
      .enum(AB_TEST_METRICS, { message: `abTest.metric must be one of: ${AB_TEST_METRICS.join(", ")}` })
      .meta({ description: "What picks the winner: unique opens or clicks per delivered email." }),
    waitMinutes: z
      .number({ message: "abTest.waitMinutes must be a number" })
      .int("abTest.waitMinutes must be a whole number")
      .min(1, "abTest.waitMinutes must be at least 1")
      .max(AB_TEST_MAX_WAIT_MINUTES, `abTest.waitMinutes must be at most ${AB_TEST_MAX_WAIT_MINUTES} (7 days)`)
      .meta({ description: "How long after the test group's emails the winner is picked and sent to the rest." }),
  })
  .strict();

export type AbTest = z.infer<typeof abTestSchema>;

/** Variant names in order: A is the broadcast's own subject. */
export const variantName = (index: number) => String.fromCharCode(65 + index);

/** A variant's subject: A is the broadcast's own (or its template's). */
export function variantSubject(test: Pick<AbTest, "subjects">, baseSubject: string, variant: string): string {
  const index = variant.charCodeAt(0) - 65;
  return index <= 0 ? baseSubject : (test.subjects[index - 1] ?? baseSubject);
}
