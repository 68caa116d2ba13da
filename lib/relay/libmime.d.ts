// libmime (mailparser's own MIME helpers) ships no types: the one function the relay uses.
declare module "libmime" {
  const libmime: {
    /** Decodes the RFC 2047 encoded words in a header value; throws on a charset it cannot load. */
    decodeWords(value: string): string;
  };
  export default libmime;
}
