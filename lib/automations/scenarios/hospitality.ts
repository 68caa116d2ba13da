import { DELAY, defineScenarios, email, listJoin, propertyChanged, propertyEquals } from "./define-scenario";

export const hospitalityScenarios = defineScenarios("hospitality", [
  {
    id: "hospitality-pre-arrival",
    name: "Pre-arrival guest journey",
    description: "Prepare booked guests for their stay and offer upgrades before arrival.",
    trigger: propertyEquals("booking_status", "confirmed"),
    steps: [
      email(
        DELAY.now,
        "Your booking is confirmed, {{name}}",
        "Hi {{name}},",
        "Thank you for booking with {{company}}. Your confirmation and booking details are in your account.",
      ),
      email(
        DELAY.week,
        "Make your stay special",
        "Hi {{name}},",
        "Add breakfast, late check-out or a room upgrade ahead of time and save compared with booking at the desk.",
      ),
      email(
        DELAY.threeWeeks,
        "Getting here",
        "Hi {{name}},",
        "Directions, parking and check-in times are in your booking page. Reply with your arrival time and we will have your room ready.",
      ),
    ],
  },
  {
    id: "hospitality-post-stay",
    name: "Post-stay review request",
    description: "Thank guests after checkout and ask for a review.",
    trigger: propertyChanged("stay_status", "in_house", "checked_out"),
    steps: [
      email(DELAY.twoHours, "Thank you for staying with us", "Hi {{name}},", "It was a pleasure to have you. Safe travels home."),
      email(
        DELAY.twoDays,
        "How was your stay?",
        "Hi {{name}},",
        "Would you share a few words about your stay? Reviews help other travellers and tell our team what to keep doing.",
      ),
      email(DELAY.month, "Come back soon", "Hi {{name}},", "As a returning guest you get 10% off your next direct booking."),
    ],
  },
  {
    id: "hospitality-loyalty-welcome",
    name: "Loyalty programme welcome",
    description: "Welcome new loyalty members and explain how to earn and spend points.",
    trigger: listJoin("Loyalty members"),
    steps: [
      email(
        DELAY.now,
        "Welcome to the club, {{name}}",
        "Hi {{name}},",
        "You now earn points on every stay, meal and spa visit. Members also get free Wi-Fi and late check-out when available.",
      ),
      email(
        DELAY.fiveDays,
        "Three ways to earn faster",
        "Hi {{name}},",
        "Book direct, dine in our restaurant and refer a friend: each earns bonus points.",
      ),
    ],
  },
  {
    id: "hospitality-restaurant-reservation",
    name: "Restaurant reservation follow-up",
    description: "Confirm restaurant reservations and invite diners back.",
    trigger: listJoin("Restaurant guests"),
    steps: [
      email(
        DELAY.now,
        "Your table is booked",
        "Hi {{name}},",
        "We look forward to welcoming you. Let us know about allergies or special occasions by replying to this email.",
      ),
      email(
        DELAY.twoDays,
        "Thanks for dining with us",
        "Hi {{name}},",
        "We hope you enjoyed your meal. Our seasonal menu changes next month; we would love to see you again.",
      ),
      email(
        DELAY.month,
        "A table for you this month?",
        "Hi {{name}},",
        "The new menu is here. Book this month and dessert is on the house.",
      ),
    ],
  },
  {
    id: "hospitality-abandoned-booking",
    name: "Abandoned booking recovery",
    description: "Remind visitors who started a booking but did not finish.",
    trigger: propertyEquals("booking_status", "abandoned"),
    goal: { eventName: "booking_completed" },
    steps: [
      email(
        DELAY.hour,
        "Your dates are still available",
        "Hi {{name}},",
        "You were close to booking. Your dates were available when you left; finish now to secure them.",
      ),
      email(
        DELAY.day,
        "Best rate when you book direct",
        "Hi {{name}},",
        "Booking directly with {{company}} always gets you our best rate and free cancellation up to 48 hours before arrival.",
      ),
    ],
  },
  {
    id: "hospitality-event-enquiry",
    name: "Event and wedding enquiry",
    description: "Nurture event and wedding enquiries toward a site visit.",
    trigger: propertyEquals("enquiry_type", "event"),
    steps: [
      email(
        DELAY.now,
        "Thank you for your enquiry",
        "Hi {{name}},",
        "Our events team will send you a tailored proposal within two working days.",
      ),
      email(
        DELAY.fiveDays,
        "Come and see the venue",
        "Hi {{name}},",
        "Nothing beats seeing the space in person. Book a site visit and meet the coordinator who would run your event.",
      ),
      email(
        DELAY.threeWeeks,
        "Dates are filling up",
        "Hi {{name}},",
        "Popular dates book up early. Reply to hold your preferred date for seven days without obligation.",
      ),
    ],
  },
]);
