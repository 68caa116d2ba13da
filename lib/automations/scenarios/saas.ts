import { DELAY, defineScenarios, email, listJoin, propertyChanged, propertyEquals } from "./define-scenario";

export const saasScenarios = defineScenarios("saas", [
  {
    id: "saas-trial-onboarding",
    name: "Free trial onboarding",
    description: "Walk new trial users from sign-up to their first success, then nudge them before the trial ends.",
    trigger: listJoin("Trial users"),
    goal: { eventName: "subscription_started" },
    steps: [
      email(
        DELAY.now,
        "Welcome to {{company}}, {{name}}",
        "Hi {{name}},",
        "Your trial is live. The fastest way to see what {{company}} can do is to finish one small setup task today: connect your first data source.",
        "Reply to this email if anything gets in your way; a real person reads every answer.",
      ),
      email(
        DELAY.day,
        "The one setting most teams miss",
        "Hi {{name}},",
        "Teams that invite a colleague during their first week are far more likely to stick with us. Sharing takes thirty seconds from the Team page.",
        "Two heads find the useful reports faster than one.",
      ),
      email(
        DELAY.threeDays,
        "How others use {{company}} in week one",
        "Hi {{name}},",
        "Most new accounts start with a single dashboard and a weekly summary email. Copy the starter template from the gallery and adjust it to your numbers.",
      ),
      email(
        DELAY.fiveDays,
        "Your trial ends soon",
        "Hi {{name}},",
        "Your trial is nearly over. Pick a plan now to keep your data, dashboards and invites exactly as they are.",
        "Questions about pricing? Reply and we will help you choose.",
      ),
    ],
  },
  {
    id: "saas-welcome-paid",
    name: "Welcome to a paid plan",
    description: "Thank customers who upgrade, point them to the features their plan unlocked and ask for feedback.",
    trigger: propertyChanged("plan", "trial", "pro"),
    steps: [
      email(
        DELAY.now,
        "Thank you for upgrading, {{name}}",
        "Hi {{name}},",
        "You are now on the Pro plan. Unlimited projects, priority support and audit logs are switched on for your whole team.",
      ),
      email(
        DELAY.twoDays,
        "Three Pro features worth trying this week",
        "Hi {{name}},",
        "Scheduled exports, custom roles and the API are all included now. Each takes about five minutes to set up; the help centre has a short guide for every one.",
      ),
      email(
        DELAY.twoWeeks,
        "How is Pro working for you?",
        "Hi {{name}},",
        "You have had Pro for two weeks. What is one thing we could do better? Hit reply, we read everything.",
      ),
    ],
  },
  {
    id: "saas-activation-nudge",
    name: "Activation nudge",
    description: "Reach sign-ups who have not finished setup and help them over the first hurdle.",
    trigger: propertyEquals("onboarding_status", "stalled"),
    steps: [
      email(
        DELAY.hour,
        "Stuck on setup?",
        "Hi {{name}},",
        "It looks like setup paused halfway. Most people get stuck on the same step: connecting an account. Here is a two-minute walkthrough that gets you through it.",
      ),
      email(
        DELAY.twoDays,
        "Want us to set it up with you?",
        "Hi {{name}},",
        "Book fifteen minutes with our onboarding team and we will finish the setup together on a call. No sales pitch, just the setup.",
      ),
      email(
        DELAY.week,
        "Still interested?",
        "Hi {{name}},",
        "If now is not the right time, no problem. Your account stays open and everything you created is saved for when you come back.",
      ),
    ],
  },
  {
    id: "saas-feature-adoption",
    name: "Feature adoption series",
    description: "Introduce power features one at a time to customers who joined the beta programme list.",
    trigger: listJoin("Beta programme"),
    steps: [
      email(
        DELAY.now,
        "You are in the beta, {{name}}",
        "Hi {{name}},",
        "Thanks for joining the beta. New features will show up in your account with a small Beta badge; we would love to hear what you think of each one.",
      ),
      email(
        DELAY.week,
        "Beta feature: automated reports",
        "Hi {{name}},",
        "Automated reports are live for you. Choose a dashboard, pick a schedule and the PDF lands in your inbox. Tell us what is missing.",
      ),
      email(
        DELAY.threeWeeks,
        "What should we build next?",
        "Hi {{name}},",
        "You have been with the beta for a few weeks. Reply with the one feature that would save you the most time and we will add it to the shortlist.",
      ),
    ],
  },
  {
    id: "saas-churn-winback",
    name: "Cancellation win-back",
    description: "Follow up with customers who cancel: confirm, ask why, and invite them back with an offer.",
    trigger: propertyChanged("status", "active", "cancelled"),
    goal: { eventName: "subscription_started" },
    steps: [
      email(
        DELAY.now,
        "Your subscription has been cancelled",
        "Hi {{name}},",
        "We have cancelled your subscription as requested. Your data stays available for export for the next 30 days.",
      ),
      email(
        DELAY.twoDays,
        "Could you tell us why?",
        "Hi {{name}},",
        "One sentence on why you left would help us a lot. Was it price, a missing feature, or something else? Just reply to this email.",
      ),
      email(
        DELAY.month,
        "We have changed since you left",
        "Hi {{name}},",
        "A month has passed and we have shipped a lot of what former customers asked for. Come back this month and your first two months are half price.",
      ),
    ],
  },
  {
    id: "saas-renewal-reminder",
    name: "Annual renewal reminder",
    description: "Remind annual customers ahead of renewal and show the value they got this year.",
    trigger: propertyEquals("renewal_window", "open"),
    steps: [
      email(
        DELAY.now,
        "Your annual plan renews next month",
        "Hi {{name}},",
        "Your {{company}} plan renews in about a month. No action is needed if you want to keep it; you can review seats and billing details any time from Settings.",
      ),
      email(
        DELAY.twoWeeks,
        "Your year with {{company}}",
        "Hi {{name}},",
        "Before your renewal, here is a quick look back: open your account's Year in review page to see the reports, projects and time saved over the last twelve months.",
      ),
      email(
        DELAY.tenDays,
        "Renewal in a few days",
        "Hi {{name}},",
        "A final heads-up that your plan renews in a few days. Reply if you would like to change seats or switch to monthly billing first.",
      ),
    ],
  },
  {
    id: "saas-webinar-followup",
    name: "Webinar registration follow-up",
    description: "Confirm a webinar registration, remind attendees and share the recording afterwards.",
    trigger: listJoin("Webinar registrants"),
    steps: [
      email(
        DELAY.now,
        "You are registered, {{name}}",
        "Hi {{name}},",
        "Your seat is saved. Add the session to your calendar from the link in your account; we will send the joining link before it starts.",
      ),
      email(
        DELAY.day,
        "Tomorrow: bring your questions",
        "Hi {{name}},",
        "The session is coming up. The last twenty minutes are open questions, so note down anything you want us to cover.",
      ),
      email(
        DELAY.threeDays,
        "The recording and slides",
        "Hi {{name}},",
        "Thanks for registering. The recording and slides are now in the resources section of your account, whether or not you made it live.",
      ),
    ],
  },
]);
