import { DELAY, defineScenarios, email, listJoin, propertyChanged, propertyEquals } from "./define-scenario";

export const nonprofitScenarios = defineScenarios("nonprofit", [
  {
    id: "nonprofit-donor-welcome",
    name: "First-time donor welcome",
    description: "Thank first-time donors and show the impact of their gift.",
    trigger: propertyChanged("donor_status", undefined, "first_time"),
    steps: [
      email(
        DELAY.now,
        "Thank you, {{name}}",
        "Hi {{name}},",
        "Your gift to {{company}} has arrived. Your receipt is attached to your donor account for your records.",
      ),
      email(
        DELAY.week,
        "Here is what your gift does",
        "Hi {{name}},",
        "Gifts like yours fund clean water, school meals and emergency kits. Here is one story from this month.",
      ),
      email(
        DELAY.month,
        "Would you join us monthly?",
        "Hi {{name}},",
        "Monthly donors let us plan ahead. Even a small regular gift makes a lasting difference.",
      ),
    ],
  },
  {
    id: "nonprofit-volunteer-onboarding",
    name: "Volunteer onboarding",
    description: "Guide new volunteers from sign-up to their first shift.",
    trigger: listJoin("Volunteers"),
    steps: [
      email(
        DELAY.now,
        "Welcome to the team, {{name}}",
        "Hi {{name}},",
        "Thank you for volunteering with {{company}}. Please complete the short online induction before your first shift.",
      ),
      email(
        DELAY.threeDays,
        "Pick your first shift",
        "Hi {{name}},",
        "Shifts for the coming weeks are open in the volunteer portal. Choose one that fits your schedule.",
      ),
      email(
        DELAY.threeWeeks,
        "How was your first shift?",
        "Hi {{name}},",
        "We would love to hear how it went. Reply with any questions or ideas.",
      ),
    ],
  },
  {
    id: "nonprofit-monthly-donor",
    name: "Monthly donor stewardship",
    description: "Thank new monthly donors and keep them informed.",
    trigger: propertyEquals("giving_type", "monthly"),
    steps: [
      email(
        DELAY.now,
        "Welcome, monthly supporter",
        "Hi {{name}},",
        "Your monthly gift makes long-term projects possible. You can change or pause it any time from your donor account.",
      ),
      email(
        DELAY.month,
        "Your first month of impact",
        "Hi {{name}},",
        "In your first month as a supporter, our teams reached new families in three regions. Thank you for being part of it.",
      ),
    ],
  },
  {
    id: "nonprofit-event-attendee",
    name: "Fundraising event follow-up",
    description: "Thank event attendees and invite them to stay involved.",
    trigger: listJoin("Gala attendees"),
    steps: [
      email(
        DELAY.now,
        "Your ticket is confirmed",
        "Hi {{name}},",
        "We look forward to seeing you at the gala. Doors open at seven; the programme starts at half past.",
      ),
      email(
        DELAY.twoDays,
        "Thank you for an amazing evening",
        "Hi {{name}},",
        "Together we raised more than we hoped. Photos and the final total are on our website.",
      ),
      email(
        DELAY.twoWeeks,
        "Stay involved",
        "Hi {{name}},",
        "Volunteer, fundraise or simply share our work with a friend: every way you help matters.",
      ),
    ],
  },
  {
    id: "nonprofit-lapsed-donor",
    name: "Lapsed donor reactivation",
    description: "Reconnect with donors who have not given in over a year.",
    trigger: propertyChanged("donor_status", "active", "lapsed"),
    goal: { eventName: "donation_made" },
    steps: [
      email(
        DELAY.now,
        "We have missed you, {{name}}",
        "Hi {{name}},",
        "It has been a while since we last heard from you. Here is what your past support helped achieve.",
      ),
      email(
        DELAY.tenDays,
        "A small gift goes a long way",
        "Hi {{name}},",
        "This season, any gift is matched by a partner foundation, doubling its impact.",
      ),
    ],
  },
]);
