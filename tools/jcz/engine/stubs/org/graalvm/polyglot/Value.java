// Written for tilec's JCloisterZone harness (tools/jcz/engine): a stand-in for
// GraalVM's polyglot Value (see Context.java); no Value is ever made.
package org.graalvm.polyglot;

/** Stand-in for GraalVM's `Value`: every use throws. */
public final class Value {
    private Value() {
    }

    private static UnsupportedOperationException stub() {
        return new UnsupportedOperationException("tilec harness: GraalVM polyglot is stubbed");
    }

    public void putMember(String key, Object value) {
        throw stub();
    }

    public boolean hasArrayElements() {
        throw stub();
    }

    public long getArraySize() {
        throw stub();
    }

    public Value getArrayElement(long index) {
        throw stub();
    }

    public Value getMember(String key) {
        throw stub();
    }

    public boolean hasMember(String key) {
        throw stub();
    }

    public String asString() {
        throw stub();
    }

    public int asInt() {
        throw stub();
    }
}
