// PostCSS for the Remix build (classic compiler). Its CSS bundler cannot follow an @import of a
// package's CSS, nor read nested rules: postcss-import inlines swiper's CSS, which
// blocks/_shared/swiper.css imports, and postcss-nesting flattens the nested rules it is written with.
const resolveWithExports = (id, basedir) => {
  // Subpaths such as "swiper/css" are declared in the package's "exports", which Node's resolver reads.
  if (id.startsWith(".") || id.startsWith("/")) return id;
  try {
    return require.resolve(id, { paths: [basedir] });
  } catch {
    return id;
  }
};

module.exports = {
  plugins: [require("postcss-import")({ resolve: resolveWithExports }), require("postcss-nesting")],
};
