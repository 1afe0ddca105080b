// Written for tilec's JCloisterZone harness (tools/jcz/engine): a stand-in for
// GraalVM's polyglot Context, which JCloisterZone's engine uses only to run the
// scoring scripts of XML `<modifier>` elements. Any call fails loudly, so a game
// that would need a script is reported as an exception, never scored silently.
package org.graalvm.polyglot;

/** Stand-in for GraalVM's `Context`: every use throws. */
public final class Context implements AutoCloseable {
    private Context() {
    }

    /** Always throws: scripted scoring is not available in the harness. */
    public static Context create(String... languages) {
        throw new UnsupportedOperationException("tilec harness: GraalVM polyglot (scripted <modifier> scoring) is stubbed");
    }

    /** Unreachable: no Context is ever made. */
    public Value getBindings(String language) {
        throw new UnsupportedOperationException();
    }

    /** Unreachable: no Context is ever made. */
    public Value eval(String language, CharSequence source) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void close() {
    }
}
