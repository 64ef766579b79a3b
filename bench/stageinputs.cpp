#include "bench/stageinputs.h"

#include "bench/samplebench.h"
#include "bench/trainbench.h"
#include "example/exampleparser.h"
#include "run/pipeline.h"

namespace qs {

Result<StageInputs> StageInputs::load(const RunConfig &config)
{
    StageInputs in;
    {
        Result<std::unique_ptr<Pipeline>> probe = Pipeline::create(config);
        if (!probe)
            return probe.status();
        in.spec = (*probe)->featureSpec();
        in.classes = (*probe)->numClasses();
    }
    const InputSpec input{config.pipeline.imageWidth, config.pipeline.imageHeight, 3};
    in.maker = SampleMaker(in.spec, input);
    in.model.input = input;
    in.model.classes = in.classes;
    in.model.hidden = config.trainer.hidden;
    in.batchSize = config.pipeline.batchSize;

    Result<std::vector<QByteArray>> records = loadRecords(config.pipeline.files, kRecords, kBytes);
    if (!records)
        return records.status();
    in.records = std::move(*records);
    ExampleParser parser;
    for (size_t i = 0; i < in.records.size() && in.trainInputs.rows < 8 * in.batchSize; ++i) {
        Result<Sample> sample =
            in.maker.make(parser, in.records[i], Location{config.pipeline.files.first(), qint64(i), -1});
        if (!sample)
            return sample.status();
        in.trainInputs.push_back(sample->image.reshape(1, 1));
        in.trainLabels.push_back(sample->label);
    }
    return in;
}

Result<SlowestStage> timeSlowestStage(const StageInputs &in, int readers, double readUsPerRecord,
                                      double queuePerSecond, double seconds)
{
    Result<StageRate> body =
        measureSampleWork(SampleWork::ReaderBody, in.records, in.maker, seconds, readers);
    if (!body)
        return body.status();
    Result<StageRate> train =
        measureTrainStep(in.model, in.trainInputs, in.trainLabels, in.batchSize, seconds);
    if (!train)
        return train.status();
    SlowestStage s;
    // Each of the `readers` threads reads its records as well as making their samples.
    const double bodyUs = body->perSecond() > 0 ? double(readers) * 1e6 / body->perSecond() : 0;
    s.readersPerSecond =
        bodyUs + readUsPerRecord > 0 ? double(readers) * 1e6 / (bodyUs + readUsPerRecord) : 0;
    s.trainerPerSecond = train->perSecond();
    s.perSecond = s.readersPerSecond;
    s.stage = QStringLiteral("readers");
    if (s.trainerPerSecond < s.perSecond) {
        s.perSecond = s.trainerPerSecond;
        s.stage = QStringLiteral("trainer");
    }
    if (queuePerSecond > 0 && queuePerSecond < s.perSecond) {
        s.perSecond = queuePerSecond;
        s.stage = QStringLiteral("queue");
    }
    return s;
}

} // namespace qs
