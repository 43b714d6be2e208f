// Printed on white paper even from dark mode: the light theme's colours, for pages meant to be printed.
export const PRINT_IN_LIGHT =
  "print:text-foreground print:[--foreground:#0e1f1c] print:[--card-foreground:#0e1f1c] print:[--muted-foreground:#374151] print:[--card:#fff] print:[--muted:#f3f4f6] print:[--border:#c7d2ce] print:[--primary:#0f766e] print:[--accent:#d8f1ea] print:[--accent-foreground:#0b4a42] print:[--success:#ecfdf3] print:[--success-border:#75e0a7] print:[--success-foreground:#085d3a] print:[--destructive-text:#b42318] print:[--gold:#9a5b06]";
