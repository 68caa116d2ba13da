import { DELAY, defineScenarios, email, listJoin, propertyChanged, propertyEquals } from "./define-scenario";

export const fitnessScenarios = defineScenarios("fitness", [
  {
    id: "fitness-new-member",
    name: "New gym member onboarding",
    description: "Help new members settle in during their first month and build a habit.",
    trigger: listJoin("New members"),
    steps: [
      email(
        DELAY.now,
        "Welcome to {{company}}, {{name}}",
        "Hi {{name}},",
        "Your membership is active. Book your free induction session so a coach can show you around and set up your first plan.",
      ),
      email(
        DELAY.twoDays,
        "Your first week plan",
        "Hi {{name}},",
        "Start with three short sessions this week: two strength workouts and one class of your choice. Consistency beats intensity at the start.",
      ),
      email(
        DELAY.twoWeeks,
        "Two weeks in: how do you feel?",
        "Hi {{name}},",
        "Most members notice more energy by now. Book a progress check with a coach to adjust your plan.",
      ),
      email(
        DELAY.month,
        "One month strong",
        "Hi {{name}},",
        "A month of training is a real achievement. Members who reach this point usually stick with it for good.",
      ),
    ],
  },
  {
    id: "fitness-class-trial",
    name: "Free class trial",
    description: "Turn free trial class sign-ups into members.",
    trigger: listJoin("Trial class"),
    goal: { eventName: "membership_started" },
    steps: [
      email(
        DELAY.now,
        "Your free class is booked",
        "Hi {{name}},",
        "Bring water, a towel and comfortable shoes. Arrive ten minutes early so the instructor can say hello.",
      ),
      email(DELAY.day, "How was your class?", "Hi {{name}},", "We hope you enjoyed it. Join this week and your joining fee is waived."),
      email(
        DELAY.fiveDays,
        "Your joining offer ends soon",
        "Hi {{name}},",
        "A reminder that the waived joining fee is available for a few more days.",
      ),
    ],
  },
  {
    id: "fitness-inactive-member",
    name: "Missed visits check-in",
    description: "Reach out to members whose visits dropped off before they cancel.",
    trigger: propertyChanged("visit_frequency", undefined, "none"),
    steps: [
      email(
        DELAY.now,
        "We have not seen you lately, {{name}}",
        "Hi {{name}},",
        "Life gets busy. A thirty-minute session still counts, and our quieter hours are mid-morning and early afternoon.",
      ),
      email(
        DELAY.week,
        "Try something different",
        "Hi {{name}},",
        "If the routine got stale, try a new class this week. Swimming, cycling and mobility sessions are all included in your membership.",
      ),
      email(
        DELAY.threeWeeks,
        "Freeze instead of cancel",
        "Hi {{name}},",
        "If you need a break, you can freeze your membership for up to three months at no cost.",
      ),
    ],
  },
  {
    id: "fitness-personal-training",
    name: "Personal training lead",
    description: "Follow up with members interested in personal training.",
    trigger: propertyEquals("interest", "personal_training"),
    steps: [
      email(
        DELAY.hour,
        "Let's talk about your goals",
        "Hi {{name}},",
        "Thanks for your interest in personal training. Reply with your main goal and we will match you with the right coach.",
      ),
      email(
        DELAY.threeDays,
        "Your first session is on us",
        "Hi {{name}},",
        "Try one personal training session free of charge, with no commitment afterwards.",
      ),
    ],
  },
  {
    id: "fitness-challenge",
    name: "Six-week challenge",
    description: "Keep challenge participants motivated from kick-off to the final week.",
    trigger: listJoin("Six-week challenge"),
    steps: [
      email(
        DELAY.now,
        "The challenge starts now",
        "Hi {{name}},",
        "Welcome to the six-week challenge. Record your starting measurements today so you can see your progress at the end.",
      ),
      email(
        DELAY.week,
        "Week one done",
        "Hi {{name}},",
        "One week down. This week add one extra session and keep logging your workouts in the app.",
      ),
      email(
        DELAY.threeWeeks,
        "Halfway there",
        "Hi {{name}},",
        "You are at the halfway mark. This is where most people drop off; you are not most people.",
      ),
      email(DELAY.twoWeeks, "Final week", "Hi {{name}},", "The last week is here. Finish strong and book your final measurement session."),
    ],
  },
  {
    id: "fitness-renewal",
    name: "Membership renewal",
    description: "Remind members before their membership renews or expires.",
    trigger: propertyEquals("membership_status", "expiring"),
    steps: [
      email(
        DELAY.now,
        "Your membership is up for renewal",
        "Hi {{name}},",
        "Your membership ends soon. Renew now to keep your rate and your class bookings.",
      ),
      email(DELAY.week, "Keep your momentum", "Hi {{name}},", "You have put in the work. Renewing takes a minute from the members area."),
    ],
  },
]);
