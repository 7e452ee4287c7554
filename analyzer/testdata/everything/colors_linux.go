package everything

// Purple is declared for linux only, so it is not one of the values a
// wasip1 module knows.
const Purple Color = "purple"
