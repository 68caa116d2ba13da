import { DELAY, defineScenarios, email, listJoin, propertyChanged, propertyEquals } from "./define-scenario";

export const ecommerceScenarios = defineScenarios("ecommerce", [
  {
    id: "ecommerce-welcome-series",
    name: "Newsletter welcome series",
    description: "Greet new subscribers, tell the brand story and share a first-order discount.",
    trigger: listJoin("Newsletter"),
    steps: [
      email(
        DELAY.now,
        "Welcome to {{company}}, {{name}}",
        "Hi {{name}},",
        "Thanks for subscribing. As a welcome, use the code WELCOME10 for 10% off your first order.",
      ),
      email(
        DELAY.twoDays,
        "How we make what we sell",
        "Hi {{name}},",
        "Every product in our shop is chosen by a small team that tests it at home first. Here is the story of how {{company}} started and what we look for.",
      ),
      email(
        DELAY.fiveDays,
        "Your welcome code is still waiting",
        "Hi {{name}},",
        "Just a reminder that WELCOME10 still works on your first order. Our bestsellers page is a good place to start.",
      ),
    ],
  },
  {
    id: "ecommerce-abandoned-cart",
    name: "Abandoned cart recovery",
    description: "Bring shoppers back to a cart they left behind, with a gentle reminder and then a small incentive.",
    trigger: propertyEquals("cart_status", "abandoned"),
    goal: { eventName: "order_placed" },
    steps: [
      email(
        DELAY.hour,
        "You left something in your cart",
        "Hi {{name}},",
        "Your cart is saved and ready when you are. Items are not reserved, so popular sizes may sell out.",
      ),
      email(
        DELAY.day,
        "Still thinking it over?",
        "Hi {{name}},",
        "If you have a question about sizing, delivery or returns, just reply. Returns are free for 30 days.",
      ),
      email(
        DELAY.threeDays,
        "Free shipping on your cart",
        "Hi {{name}},",
        "We would love to see you complete your order, so shipping is on us for the next 48 hours. Your cart is exactly as you left it.",
      ),
    ],
  },
  {
    id: "ecommerce-post-purchase",
    name: "Post-purchase follow-up",
    description: "Thank first-time buyers, help them get the most from their order and ask for a review.",
    trigger: propertyChanged("orders", "0", "1"),
    steps: [
      email(
        DELAY.now,
        "Thank you for your first order",
        "Hi {{name}},",
        "Thank you for shopping with {{company}}. We will email you tracking details as soon as your parcel leaves the warehouse.",
      ),
      email(
        DELAY.week,
        "Getting the most out of your purchase",
        "Hi {{name}},",
        "A few care tips: wash cold, dry flat and skip the tumble dryer. Treated this way, it will look new for years.",
      ),
      email(
        DELAY.twoWeeks,
        "How did we do?",
        "Hi {{name}},",
        "Your opinion helps other shoppers. Would you leave a short review of your order? It takes under a minute.",
      ),
    ],
  },
  {
    id: "ecommerce-vip-upgrade",
    name: "VIP tier welcome",
    description: "Celebrate customers who reach the VIP tier and explain their perks.",
    trigger: propertyEquals("tier", "vip"),
    steps: [
      email(
        DELAY.now,
        "{{name}}, you are now a VIP",
        "Hi {{name}},",
        "Your orders have earned you VIP status. From today you get free express shipping and early access to every sale.",
      ),
      email(
        DELAY.threeDays,
        "Your first VIP preview",
        "Hi {{name}},",
        "VIPs see new collections a full day before everyone else. The next preview opens this week; we will email you the moment it does.",
      ),
    ],
  },
  {
    id: "ecommerce-winback",
    name: "Lapsed customer win-back",
    description: "Re-engage customers who have not ordered in a long time.",
    trigger: propertyChanged("activity", "active", "lapsed"),
    goal: { eventName: "order_placed" },
    steps: [
      email(
        DELAY.now,
        "We miss you, {{name}}",
        "Hi {{name}},",
        "It has been a while since your last order. A lot has changed in the shop; here are the new arrivals our regulars like most.",
      ),
      email(
        DELAY.week,
        "A little something to welcome you back",
        "Hi {{name}},",
        "Use COMEBACK15 for 15% off anything in the next two weeks.",
      ),
      email(
        DELAY.twoWeeks,
        "Last chance for your 15% off",
        "Hi {{name}},",
        "Your COMEBACK15 code expires soon. If you would rather hear from us less often, you can change your preferences any time.",
      ),
    ],
  },
  {
    id: "ecommerce-back-in-stock",
    name: "Back-in-stock waitlist",
    description: "Tell waitlisted shoppers their item is back and follow up once before it sells out.",
    trigger: listJoin("Restock waitlist"),
    steps: [
      email(
        DELAY.now,
        "You are on the waitlist",
        "Hi {{name}},",
        "We will email you as soon as the item is back in stock. Restocks usually sell out within days, so keep an eye on your inbox.",
      ),
      email(
        DELAY.tenDays,
        "Good news: it is back",
        "Hi {{name}},",
        "The item you asked about is back in stock in limited numbers. Waitlist members get first pick before we announce it anywhere else.",
      ),
    ],
  },
  {
    id: "ecommerce-birthday",
    name: "Birthday reward",
    description: "Send a birthday treat to customers in their birthday month, with a reminder before it expires.",
    trigger: propertyEquals("birthday_month", "current"),
    steps: [
      email(
        DELAY.now,
        "Happy birthday, {{name}}!",
        "Hi {{name}},",
        "Happy birthday from all of us at {{company}}. Your present: 20% off one order this month with the code BIRTHDAY20.",
      ),
      email(
        DELAY.threeWeeks,
        "Your birthday treat expires soon",
        "Hi {{name}},",
        "A friendly reminder that BIRTHDAY20 is valid until the end of the month.",
      ),
    ],
  },
]);
