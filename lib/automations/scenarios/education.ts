import { DELAY, defineScenarios, email, listJoin, propertyChanged, propertyEquals } from "./define-scenario";

export const educationScenarios = defineScenarios("education", [
  {
    id: "education-course-welcome",
    name: "New student welcome",
    description: "Welcome students to a course, set expectations and encourage the first lesson.",
    trigger: listJoin("New students"),
    steps: [
      email(
        DELAY.now,
        "Welcome to class, {{name}}",
        "Hi {{name}},",
        "You are enrolled. The first lesson takes about twenty minutes and is waiting in your dashboard.",
      ),
      email(
        DELAY.day,
        "A study plan that works",
        "Hi {{name}},",
        "Students who finish set a fixed time each week. Pick two short sessions in your calendar now and the course will fit around your week.",
      ),
      email(
        DELAY.week,
        "How is your first week going?",
        "Hi {{name}},",
        "By now most students have finished module one. If you are behind, that is fine: lessons stay open and you can go at your own pace.",
      ),
    ],
  },
  {
    id: "education-inactive-student",
    name: "Inactive student re-engagement",
    description: "Check in with students who stopped logging in and make returning easy.",
    trigger: propertyChanged("engagement", "active", "inactive"),
    steps: [
      email(
        DELAY.now,
        "Your course is waiting for you",
        "Hi {{name}},",
        "We noticed you have not been in for a while. Your progress is saved exactly where you left off.",
      ),
      email(
        DELAY.fiveDays,
        "Ten minutes is enough",
        "Hi {{name}},",
        "You do not need a free evening to make progress. The next lesson has a ten-minute summary video to ease you back in.",
      ),
      email(
        DELAY.twoWeeks,
        "Need a different pace?",
        "Hi {{name}},",
        "If life got busy, you can pause your enrolment and restart later without losing anything. Reply and we will set it up.",
      ),
    ],
  },
  {
    id: "education-course-completion",
    name: "Course completion",
    description: "Congratulate graduates, deliver the certificate and suggest what to learn next.",
    trigger: propertyEquals("course_status", "completed"),
    steps: [
      email(
        DELAY.now,
        "Congratulations, {{name}}!",
        "Hi {{name}},",
        "You finished the course. Your certificate is ready to download from your profile and share on your CV.",
      ),
      email(
        DELAY.week,
        "What to learn next",
        "Hi {{name}},",
        "Graduates of this course often continue with the advanced track. It builds directly on what you just learned.",
      ),
    ],
  },
  {
    id: "education-open-day",
    name: "Open day registration",
    description: "Confirm open day sign-ups, remind visitors and follow up with the application steps.",
    trigger: listJoin("Open day"),
    steps: [
      email(
        DELAY.now,
        "See you at the open day",
        "Hi {{name}},",
        "Your place is booked. Campus tours leave from the main entrance every half hour.",
      ),
      email(
        DELAY.twoDays,
        "Questions to ask on the day",
        "Hi {{name}},",
        "Make the most of your visit: ask about class sizes, placement years and support services. Our students will be there to answer honestly.",
      ),
      email(
        DELAY.week,
        "Ready to apply?",
        "Hi {{name}},",
        "Thanks for visiting {{company}}. Applications are open; the form takes about half an hour and you can save it as you go.",
      ),
    ],
  },
  {
    id: "education-application-followup",
    name: "Application follow-up",
    description: "Guide applicants who started but did not submit an application.",
    trigger: propertyEquals("application_status", "started"),
    goal: { eventName: "application_submitted" },
    steps: [
      email(
        DELAY.day,
        "Your application is saved",
        "Hi {{name}},",
        "You have started your application. Everything you entered is saved, so you can pick up where you stopped.",
      ),
      email(
        DELAY.fiveDays,
        "Need help with your personal statement?",
        "Hi {{name}},",
        "The personal statement is where most applicants pause. Our admissions team runs a free weekly drop-in to help.",
      ),
      email(
        DELAY.twoWeeks,
        "The deadline is approaching",
        "Hi {{name}},",
        "A reminder that applications close soon. If something is holding you back, reply and an adviser will get in touch.",
      ),
    ],
  },
  {
    id: "education-alumni",
    name: "Alumni community",
    description: "Keep graduates connected with mentoring, events and news from the school.",
    trigger: propertyChanged("status", "student", "alumni"),
    steps: [
      email(
        DELAY.now,
        "Welcome to the alumni network",
        "Hi {{name}},",
        "As a graduate of {{company}}, you now have lifelong access to the alumni network, job board and careers service.",
      ),
      email(
        DELAY.month,
        "Become a mentor",
        "Hi {{name}},",
        "Current students would value an hour of your time each term. Sign up as a mentor and we will match you with someone on your old course.",
      ),
    ],
  },
]);
