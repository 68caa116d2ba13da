import { DELAY, defineScenarios, email, listJoin, propertyChanged, propertyEquals } from "./define-scenario";

export const realEstateScenarios = defineScenarios("real_estate", [
  {
    id: "real-estate-buyer-lead",
    name: "New buyer lead nurture",
    description: "Respond quickly to new buyer enquiries and keep them engaged until they book a viewing.",
    trigger: listJoin("Buyer leads"),
    steps: [
      email(
        DELAY.now,
        "Thanks for getting in touch, {{name}}",
        "Hi {{name}},",
        "An agent from {{company}} will call you within one working day. In the meantime, save the searches you like and we will alert you to new listings.",
      ),
      email(
        DELAY.twoDays,
        "Buying guide: the first steps",
        "Hi {{name}},",
        "Getting a mortgage agreement in principle before viewing makes your offers stronger. Our buying guide walks through it step by step.",
      ),
      email(
        DELAY.week,
        "New homes matching your search",
        "Hi {{name}},",
        "Several new properties came on the market this week. Book a viewing online or reply to this email.",
      ),
      email(
        DELAY.month,
        "Still looking?",
        "Hi {{name}},",
        "The market moves quickly. If your plans have changed, update your search so we only send what fits.",
      ),
    ],
  },
  {
    id: "real-estate-seller-valuation",
    name: "Valuation request follow-up",
    description: "Follow up with homeowners who asked for a valuation.",
    trigger: propertyEquals("lead_type", "valuation"),
    steps: [
      email(
        DELAY.hour,
        "Your valuation request",
        "Hi {{name}},",
        "Thank you for asking us to value your home. A local valuer will contact you to arrange a visit at a time that suits you.",
      ),
      email(
        DELAY.threeDays,
        "Getting your home ready to sell",
        "Hi {{name}},",
        "Small things make a big difference: fresh paint, clear surfaces and good light. Here is our checklist for the week before photographs.",
      ),
      email(
        DELAY.twoWeeks,
        "Ready when you are",
        "Hi {{name}},",
        "Whenever you decide to sell, we can have your listing live within a week of the valuation.",
      ),
    ],
  },
  {
    id: "real-estate-viewing-followup",
    name: "After the viewing",
    description: "Check in with buyers after a viewing and help them make an offer.",
    trigger: propertyChanged("stage", undefined, "viewed"),
    steps: [
      email(
        DELAY.twoHours,
        "What did you think?",
        "Hi {{name}},",
        "Thanks for viewing today. What did you like, and what would you change? Your feedback helps us find the right home for you.",
      ),
      email(
        DELAY.twoDays,
        "Thinking of making an offer?",
        "Hi {{name}},",
        "If the property is on your shortlist, we can explain how offers work and what the seller is looking for.",
      ),
    ],
  },
  {
    id: "real-estate-offer-accepted",
    name: "Offer accepted to completion",
    description: "Keep buyers informed between an accepted offer and moving day.",
    trigger: propertyChanged("stage", "offer", "accepted"),
    steps: [
      email(
        DELAY.now,
        "Congratulations, your offer was accepted",
        "Hi {{name}},",
        "Great news! Next, instruct your solicitor and book a survey. We will keep you updated at every step.",
      ),
      email(
        DELAY.twoWeeks,
        "Where things stand",
        "Hi {{name}},",
        "Searches and surveys usually take a few weeks. Reply any time if you want an update on the chain.",
      ),
      email(
        DELAY.month,
        "Moving day checklist",
        "Hi {{name}},",
        "As completion approaches, here is a checklist: utilities, post redirection, removals and meter readings.",
      ),
    ],
  },
  {
    id: "real-estate-landlord",
    name: "Landlord onboarding",
    description: "Welcome landlords who list a rental and explain the letting process.",
    trigger: listJoin("Landlords"),
    steps: [
      email(
        DELAY.now,
        "Welcome, {{name}}",
        "Hi {{name}},",
        "Thanks for choosing {{company}} to let your property. Your property manager will contact you to arrange photos and an inventory.",
      ),
      email(
        DELAY.threeDays,
        "Your legal checklist",
        "Hi {{name}},",
        "Before tenants move in you need a gas safety certificate, an energy certificate and a deposit protection scheme. We can arrange all three.",
      ),
      email(
        DELAY.threeWeeks,
        "How is your listing doing?",
        "Hi {{name}},",
        "Log in to see viewings, enquiries and feedback on your listing in one place.",
      ),
    ],
  },
  {
    id: "real-estate-market-update",
    name: "Monthly market update sign-up",
    description: "Welcome subscribers to local market updates.",
    trigger: listJoin("Market updates"),
    steps: [
      email(
        DELAY.now,
        "Your local market updates",
        "Hi {{name}},",
        "Each month we will send a short summary of prices, time on market and new listings in your area.",
      ),
      email(
        DELAY.month,
        "What your home might be worth now",
        "Hi {{name}},",
        "Prices in your area moved this month. Ask for a free, no-obligation valuation to see where you stand.",
      ),
    ],
  },
]);
