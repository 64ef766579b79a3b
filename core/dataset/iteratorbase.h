#pragma once

#include "base/status.h"
#include "dataset/element.h"

#include <QString>

namespace qs {

// One stage of a running tf.data pipeline (TensorFlow's IteratorBase).
//
// Contract:
//  - getNext() is called by one thread at a time (the stage's consumer); it may block. It
//    returns Ok with *out set, OutOfRange at the end of the data (and again on every later
//    call), Cancelled once the iterator's cancellation fired, or the error of this element (a
//    read or map failure naming file, record and offset). After an element's error the stage
//    goes on with the next element, as TensorFlow's iterators do, so ignore_errors() can skip it.
//  - A stage that runs threads starts them in its constructor and, in its destructor, cancels
//    them (waking every wait of its own and of the stages it owns) and joins them before its
//    input is destroyed.
//  - outputBuffer() names the buffer the stage hands its elements out of ("" when it has
//    none, then the input's is reported): the topology links workers through these names.
class IteratorBase {
public:
    virtual ~IteratorBase() = default;
    virtual Status getNext(Element *out) = 0;
    virtual QString outputBuffer() const { return {}; }
};

} // namespace qs
