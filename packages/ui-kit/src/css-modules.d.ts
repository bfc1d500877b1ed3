// Vite and esbuild (local-css) turn `*.module.css` into a map of class names.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

declare module '*.css';
